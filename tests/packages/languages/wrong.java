import java.io.*;
import java.util.*;

// The public class is not Main: grundy compiles the file under the class's name.
public class Solver {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        int n = Integer.parseInt(in.readLine().trim());
        StringTokenizer st = new StringTokenizer(in.readLine());
        int x = 0;
        for (int i = 0; i < n; i++) {
            x ^= Integer.parseInt(st.nextToken()); // WRONG: plain Nim
        }
        System.out.println(x != 0 ? "First" : "Second");
    }
}
